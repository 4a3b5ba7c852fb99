import { ownerOnlyUmask } from '../server/private-files';
import { runCli } from './cli-commands';

// What the CLI writes (backups, the embedded database, the outbox) is its owner's only.
ownerOnlyUmask();

/** The admin CLI (`npm run cli -- <command>`); the commands are in cli-commands.ts. */
runCli(process.argv.slice(2), { out: (line) => console.log(line), err: (line) => console.error(line) }).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
