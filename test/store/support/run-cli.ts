import { spawnSync } from 'node:child_process';

/** `cairn <args>` from a bundled CLI in `cwd`, on the default database `.cairn/cairn.db` unless `env` names another. */
export function runCli(
  cliFile: string,
  cwd: string,
  args: string[],
  env: Record<string, string> = {},
) {
  const child = spawnSync(process.execPath, [cliFile, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, CAIRN_DB: '', ...env },
  });
  return { code: child.status, stdout: child.stdout, stderr: child.stderr };
}
