import { runCli } from './cli-commands';

/** The admin CLI (`npm run cli -- <command>`); the commands are in cli-commands.ts. */
runCli(process.argv.slice(2), { out: (line) => console.log(line), err: (line) => console.error(line) }).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
