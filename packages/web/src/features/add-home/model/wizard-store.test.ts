import { expect, test } from 'vitest';
import { newGroupId, useWizardStore } from './wizard-store';

/** The form the server keeps a home id in (groupData.id with its dashes put back). */
const dashed = (id: string) =>
  `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;

test('a new home id is a unique id without dashes (spec 2 §3)', () => {
  const id = useWizardStore.getState().groupId;
  expect(id).toMatch(/^[0-9a-f]{32}$/);
  useWizardStore.getState().reset();
  expect(useWizardStore.getState().groupId).not.toBe(id);
  expect(newGroupId()).not.toBe(newGroupId());
});

test('home ids sort in the order the homes were created, the home list default (spec 2 §2)', () => {
  // Random parts chosen against the creation order: only the time may decide.
  const high = (b: Uint8Array) => b.fill(0xff);
  const low = (b: Uint8Array) => b.fill(0x00);
  const first = newGroupId(Date.UTC(2026, 0, 1), high);
  const second = newGroupId(Date.UTC(2026, 0, 1) + 1, low);
  const later = newGroupId(Date.UTC(2031, 5, 1), low);
  const ids = [later, second, first].map(dashed);
  expect([...ids].sort((a, b) => a.localeCompare(b))).toEqual([first, second, later].map(dashed));
  for (const id of [first, second, later]) expect(id[12]).toBe('7');
});
