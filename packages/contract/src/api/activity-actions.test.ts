import { describe, expect, it } from 'vitest';
import { ACTIVITY_ACTION_LABELS, activityActionLabel, SYSTEM_ACTIVITY_LABELS } from './activity-actions.ts';
import { ALL_CALLS } from './index.ts';

describe('activity action labels', () => {
  it('name every recorded call in English and Chinese, and only recorded calls', () => {
    const recorded = ALL_CALLS.filter((c) => c.mutates).map((c) => c.id);
    const missing = recorded.filter(
      (id) => !ACTIVITY_ACTION_LABELS[id]?.en || !ACTIVITY_ACTION_LABELS[id]?.cn,
    );
    expect(missing).toEqual([]);
    expect(Object.keys(ACTIVITY_ACTION_LABELS).filter((id) => !recorded.includes(id))).toEqual([]);
  });

  it('reads in the given language, falling back to the given text for an unknown call', () => {
    expect(activityActionLabel('users.delete', 'en')).toBe('Delete user');
    expect(activityActionLabel('users.delete', 'cn')).toBe('删除用户');
    expect(activityActionLabel('gone.call', 'cn', 'Removed call')).toBe('Removed call');
    expect(activityActionLabel('rollouts.completed', 'cn')).toBe('升级任务完成');
  });

  it("name the platform's own entries, which are no call", () => {
    const calls = new Set(ALL_CALLS.map((c) => c.id));
    expect(Object.keys(SYSTEM_ACTIVITY_LABELS).filter((id) => calls.has(id))).toEqual([]);
  });
});
