import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The arguments `npm start` gives node (package.json "start": exec node, its flags, the server's script): tools that start
 * the shop start it the same way, heap ceiling included (docs/decisions/0031-a-heap-ceiling-for-a-small-server.md).
 */
export function shopStartArgs(root) {
  const start = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start;
  // "exec node <flags> <script>": the arguments after node (exec lets npm's SIGTERM reach the shop itself).
  const words = start.trim().split(/\s+/);
  const args = words.slice(words.indexOf('node') + 1);
  return args.map((arg) => (arg.startsWith('-') ? arg : path.join(root, arg)));
}
