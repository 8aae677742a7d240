import { describe, expect, it } from 'vitest';
import { unreachableMediaReason } from './public-media-reach.ts';

describe('whether Instagram could fetch media from a base URL', () => {
  it('refuses loopback, private and local names', () => {
    for (const url of [
      'http://localhost:3000/storage/images',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'http://10.1.2.3',
      'http://172.20.0.5',
      'http://192.168.1.10/storage/images',
      'http://my-nas.local',
      'http://minio:9000/images',
    ])
      expect(unreachableMediaReason(url), url).toMatch(/is not a public address$/);
  });

  it('accepts public names and addresses', () => {
    for (const url of ['https://agentcast.example.com/storage/images', 'https://cdn.example.com', 'http://203.0.113.7'])
      expect(unreachableMediaReason(url), url).toBeNull();
  });
});
