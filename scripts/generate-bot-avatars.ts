import { mkdirSync, writeFileSync } from 'node:fs';
import { botAvatarSvg } from '../server/avatars/avatars';

/** Writes the nine shipped bot avatars (server/avatars/bots/1..9.svg). Run once; the files are committed. */
mkdirSync('server/avatars/bots', { recursive: true });
for (let id = 1; id <= 9; id += 1) writeFileSync(`server/avatars/bots/${id}.svg`, botAvatarSvg(id));
console.log('server/avatars/bots/1..9.svg written');
