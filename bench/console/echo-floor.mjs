// The keystroke floor: a bare node script in raw mode that answers each key at once with a
// tiny "frame" (the synchronized-output markers Ink uses around its frames). Plain JavaScript.
// Usage: node bench/console/echo-floor.mjs
process.stdin.setRawMode(true);
process.stdin.on('data', (data) => {
  if (data.includes(0x03)) process.exit(0);
  process.stdout.write(`\u001b[?2026h\r${data.toString('utf8')}\u001b[?2026l`);
});
process.stdout.write('ready\r\n');
