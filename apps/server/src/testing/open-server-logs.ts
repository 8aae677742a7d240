/**
 * The log lines of every test server open in this test file (start-test-server.ts adds and removes them), so that a
 * failing test can show what the servers said while it ran (report-server-logs-on-failure.ts).
 */
export const openServerLogs = new Set<string[]>();
