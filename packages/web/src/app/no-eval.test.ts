import { loginCall } from '@fleetport/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

describe('schemas in the console', () => {
  it('never use eval, which the Content-Security-Policy forbids', () => {
    expect(z.config().jitless).toBe(true);
    // A call's input still parses, with the interpreted parser.
    expect(loginCall.input.safeParse({}).success).toBe(false);
  });
});
