import { spawn, spawnSync } from 'node:child_process';

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

/**
 * `runCli` without blocking this process's event loop: needed when a server the child talks to
 * (a stand-in embeddings service) runs in this process.
 */
export function runCliAsync(
  cliFile: string,
  cwd: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cliFile, ...args], {
      cwd,
      env: { ...process.env, CAIRN_DB: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d;
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d;
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
