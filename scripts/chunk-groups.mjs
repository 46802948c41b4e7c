// Which of esbuild's chunks are merged into one file, decided from its metafile (pure: no I/O).
//
// esbuild splits code into one chunk per set of entry points that share it, and it has no
// manual chunking (evanw/esbuild#207). With a dozen commands and screens loaded on use, the
// console's start loaded 55 modules, most of them under 5 KB, and Node's ES module loader
// pays for each (resolving, reading, linking, its compile-cache lookup). scripts/build.mjs
// hands esbuild's output to rolldown with the groups made here, so that what every start
// loads comes in a few files, while what a run does not use still loads on use:
//
//   entry    what the bin imports statically (every command runs it)
//   commands what the console's start shares with other commands (zod, formatting, configuration)
//   client   the rest of the API client (undici; the console and most commands, not `config`)
//   console  the rest of the console command: it reads the configuration and the key and sets
//            V8's heap flags before the UI loads, so it stays apart from the UI
//   ui       the rest of what the UI's start imports: Ink, React, the list screen
//
// Everything else (the sandbox, the other commands and the screens opened later) is left to
// rolldown's own splitting.

/** The groups, each after those it may import from. */
export const GROUP_ORDER = ['entry', 'commands', 'client', 'console', 'ui'];

/** The chunks `output` imports statically, and theirs, `output` included. */
export function staticClosure(outputs, output, into = new Set()) {
  if (into.has(output)) return into;
  into.add(output);
  for (const imported of outputs[output]?.imports ?? []) {
    if (imported.kind === 'import-statement' && !imported.external) staticClosure(outputs, imported.path, into);
  }
  return into;
}

/**
 * The group of each chunk that gets one, by the chunk's output path in `metafile`. The
 * sources name the build's entry (`entry`, the bin) and the modules the console's start
 * imports dynamically (`factory`, `client`, `consoleCommand`, `ui`; each must be an entry
 * point of its own). `isCommand(source)` tells which other dynamic entries run without the
 * console (the commands, the sandbox): what they share with the console's start goes to
 * `commands`, so that no command loads the UI.
 */
export function chunkGroups(metafile, { entry, factory, client, consoleCommand, ui, isCommand }) {
  const outputs = metafile.outputs;
  const outputOf = new Map();
  for (const [output, { entryPoint }] of Object.entries(outputs)) {
    if (entryPoint !== undefined) outputOf.set(entryPoint, output);
  }
  const closureOf = (...sources) => {
    const chunks = new Set();
    for (const source of sources) {
      const output = outputOf.get(source);
      if (output === undefined) throw new Error(`chunk-groups: ${source} is not an entry point of the build (renamed, or no longer imported dynamically?)`);
      staticClosure(outputs, output, chunks);
    }
    return chunks;
  };
  const named = [entry, factory, client, consoleCommand, ui];
  const otherCommands = [...outputOf.keys()].filter((source) => !named.includes(source) && isCommand(source));
  const commandChunks = closureOf(factory, ...otherCommands);

  const groups = new Map();
  const assign = (chunks, group) => {
    for (const chunk of chunks) if (!groups.has(chunk)) groups.set(chunk, group);
  };
  // In GROUP_ORDER, each group's static imports are in it or in a group before it: no cycles.
  assign(closureOf(entry), 'entry');
  assign([...closureOf(factory, client, consoleCommand, ui)].filter((chunk) => commandChunks.has(chunk)), 'commands');
  assign(closureOf(client), 'client');
  assign(closureOf(consoleCommand), 'console');
  assign(closureOf(ui), 'ui');
  // The bin itself stays the entry module: rolldown writes it, with the others under chunks/.
  groups.delete(outputOf.get(entry));
  return groups;
}
