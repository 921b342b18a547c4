import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { userPath } from './user-path.ts';

describe('userPath', () => {
  it('puts a relative --secrets file where the user ran npm, not in the workspace npm switched to', () => {
    const repo = path.resolve('/home/ann/fleetport');
    const workspace = path.join(repo, 'packages/device-sim');
    expect(userPath('sim-secrets.json', { INIT_CWD: repo }, workspace)).toBe(
      path.join(repo, 'sim-secrets.json'),
    );
  });

  it('keeps an absolute path and falls back to the working directory without npm', () => {
    const cwd = path.resolve('/srv/sim');
    expect(userPath('/tmp/secrets.json', { INIT_CWD: cwd }, cwd)).toBe(path.resolve('/tmp/secrets.json'));
    expect(userPath('secrets.json', {}, cwd)).toBe(path.join(cwd, 'secrets.json'));
  });
});
