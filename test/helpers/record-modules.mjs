// Preloaded with `node --import` (NODE_OPTIONS) into a built bin: records every module file
// the process loads from the bundle's directory and every built-in module it imports or
// takes with process.getBuiltinModule (node:…), and writes their names, one per line, to $RC_RECORD_MODULES when the process
// exits. Plain JavaScript: it runs before any loader.
import { writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

const bundleDir = process.env.RC_RECORD_MODULES_UNDER;
const loaded = [];
registerHooks({
  load(url, context, nextLoad) {
    if (url.startsWith('node:')) loaded.push(url);
    else if (url.startsWith('file:')) {
      const path = fileURLToPath(url);
      if (bundleDir && path.startsWith(bundleDir)) loaded.push(path.slice(bundleDir.length + 1));
    }
    return nextLoad(url, context);
  },
});
// The bundle takes built-ins with process.getBuiltinModule (scripts/bundle-options.mjs), which
// no loader hook sees.
const getBuiltinModule = process.getBuiltinModule;
process.getBuiltinModule = (id) => {
  loaded.push(id.startsWith('node:') ? id : `node:${id}`);
  return getBuiltinModule.call(process, id);
};
process.on('exit', () => writeFileSync(process.env.RC_RECORD_MODULES, loaded.join('\n')));
