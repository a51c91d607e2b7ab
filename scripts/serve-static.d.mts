import type { Server } from 'node:http';
export function serveStatic(o: { dir: string; port?: number; host?: string; spa?: boolean; inject?: Record<string, string> }): Promise<Server>;
