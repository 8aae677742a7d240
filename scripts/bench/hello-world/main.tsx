// The floor for bundle goals: React 19 rendering one heading, built exactly like apps/web.
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root') as HTMLElement).render(<h1>Hello world</h1>);
