// Preloaded into the dev chain process (node --require). The parent holds the
// other end of stdin: when the parent dies in any way, even SIGKILL or a
// `tsx watch` restart, stdin ends and the chain exits instead of keeping the port.
process.stdin.on('end', () => process.exit(0));
process.stdin.on('error', () => process.exit(0));
process.stdin.resume();
