import { afterAll, it } from 'vitest';
import { startTestSandbox } from '/work/wt/desk2/test/helpers/sandbox.js';
import { longTextFixture } from '/work/wt/desk2/test/helpers/long-texts.js';
import { renderConsole } from '/work/wt/desk2/test/ui/render-console.js';
it('peek', async () => {
  const sandbox = await startTestSandbox({ fixture: longTextFixture() });
  for (const [c, r] of [[80, 24], [60, 20]]) {
    const v = renderConsole({ baseUrl: sandbox.url, columns: c, rows: r, filters: { ids: [1000, 1010, 1014] } });
    await v.waitFor('#N1014');
    console.log(`--- list ${c}x${r}\n` + v.frame());
    v.stdin.write('G'); await new Promise((r) => setTimeout(r, 100));
    v.stdin.write('\r');
    await v.waitFor('Alpine');
    console.log(`--- order ${c}x${r}\n` + v.frame());
    v.stdin.write('x'); await v.waitFor('reason?');
    for (const chunk of ['Worn and the tags ', 'were removed before ', 'it was sent back ', 'to us, see photos']) { v.stdin.write(chunk); await new Promise((r) => setTimeout(r, 150)); }
    v.stdin.write('\r'); await new Promise((r) => setTimeout(r, 300));
    console.log(`--- order decided ${c}x${r}\n` + v.frame());
    v.stdin.write('\u001b'); await new Promise((r) => setTimeout(r, 200));
    v.stdin.write('f'); await v.waitFor('Statuses');
    for (const chunk of ['\t', 'yesterday-ish', '\t', '2020-13-45', '\t', 'a,b,,c', '\t', ',,', '\t', '999']) { v.stdin.write(chunk); await new Promise((r) => setTimeout(r, 150)); }
    await new Promise((r) => setTimeout(r, 300));
    console.log(`--- filter ${c}x${r}\n` + v.frame());
    v.stdin.write('\u001b'); await new Promise((r) => setTimeout(r, 200));
    v.stdin.write('L'); await v.waitFor('Activity log');
    await new Promise((r) => setTimeout(r, 300));
    console.log(`--- log ${c}x${r}\n` + v.frame());
    await v.cleanup();
  }
  await sandbox.close();
}, 60000);
