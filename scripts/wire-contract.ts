// `npm run docs:wire`: writes docs/wire-contract/endpoints.md from the server's OpenAPI
// document and docs/wire-contract/protocol-tables.md from packages/protocol. The server's
// wire-contract test fails while the committed files differ from what this writes.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateWireContract, REPO_ROOT } from './wire-contract/generate';

for (const file of await generateWireContract()) {
  writeFileSync(join(REPO_ROOT, file.path), file.text);
  console.log(`wrote ${file.path}`);
}
