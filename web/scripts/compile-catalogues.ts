/**
 * `npm run i18n -w web`: compiles the message catalogues (see build/catalogues.ts) into src/i18n/compiled and
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
writeFileSync(join(COMPILED_DIR, 'en.json'), catalogueFileText(en));
writeFileSync(join(COMPILED_DIR, 'es.json'), catalogueFileText(es));
console.log(`Compiled ${Object.keys(es).length} Spanish and ${Object.keys(en).length} English messages.`);
if (missing.length > 0) {
  console.log(`${missing.length} texts have no Spanish yet:\n${missing.map((id) => `  - ${id}`).join('\n')}`);
}
