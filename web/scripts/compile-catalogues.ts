/**
 * `npm run i18n -w web`: compiles the Spanish catalogue (see build/catalogues.ts) into src/i18n/compiled and
 * lists the texts still without Spanish. Stops with the problems when a catalogue is wrong.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogueFileText, COMPILED_DIR, compileCatalogues } from '../build/catalogues.ts';

const { en, es, missing, problems } = compileCatalogues();
if (problems.length > 0) {
  console.error(`The catalogues have problems:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  process.exit(1);
}
// English needs no file: each module carries the few English messages it compiles (build/english-messages.ts).
writeFileSync(join(COMPILED_DIR, 'es.json'), catalogueFileText(es));
console.log(
  `Compiled ${Object.keys(es).length} Spanish messages; ${Object.keys(en).length} English ones travel with their modules.`,
);
if (missing.length > 0) {
  console.log(`${missing.length} texts have no Spanish yet:\n${missing.map((id) => `  - ${id}`).join('\n')}`);
}
