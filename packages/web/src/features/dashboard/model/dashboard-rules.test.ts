import { describe, expect, test } from 'vitest';
import {
  cardState,
  dashboardTabs,
  homePickerKind,
  indexParam,
  isSelectable,
  opensDetail,
  parseSelectionKey,
  recordsType,
  selectionKey,
  showCheckboxes,
  showSelectAll,
  showSelectionCount,
  staleSelection,
  tabAt,
  tableViewOffered,
} from './dashboard-rules';

const node = { installed: true, lost: false, status: { sync_status: 'ok' as const } };

describe('dashboard rules (spec 1 §2, spec 3 §2)', () => {
  test('only installed, found, in-sync nodes are selectable', () => {
    expect(isSelectable(node)).toBe(true);
    expect(isSelectable({ ...node, installed: false })).toBe(false);
    expect(isSelectable({ ...node, lost: true })).toBe(false);
    expect(isSelectable({ ...node, status: { sync_status: 'unsync' } })).toBe(false);
  });

  test('a card opens the detail only for a usable node on a connected device', () => {
    expect(opensDetail(node, true)).toBe(true);
    expect(opensDetail(node, false)).toBe(false);
    expect(opensDetail({ ...node, lost: true }, true)).toBe(false);
  });

  test('tab 0 is heaters; without heaters the power monitors take tab 0', () => {
    expect(dashboardTabs(3, 1)).toEqual(['heaters', 'pmo']);
    expect(dashboardTabs(3, 0)).toEqual(['heaters']);
    expect(dashboardTabs(0, 2)).toEqual(['pmo']);
    expect(tabAt(['heaters', 'pmo'], 1)).toBe('pmo');
    expect(tabAt(['pmo'], 1)).toBe('pmo');
  });

  test('select-all, checkboxes and the count follow their thresholds', () => {
    expect(showSelectAll('heaters', 2)).toBe(true);
    expect(showSelectAll('heaters', 1)).toBe(false);
    expect(showSelectAll('pmo', 5)).toBe(false);
    expect(showCheckboxes(1)).toBe(false);
    expect(showCheckboxes(2)).toBe(true);
    expect(showSelectionCount(1)).toBe(false);
    expect(showSelectionCount(2)).toBe(true);
  });

  test('table view needs 810 px and 10 nodes; carousel up to 8 homes', () => {
    expect(tableViewOffered(810, 10)).toBe(true);
    expect(tableViewOffered(809, 10)).toBe(false);
    expect(tableViewOffered(1200, 9)).toBe(false);
    expect(homePickerKind(8)).toBe('carousel');
    expect(homePickerKind(9)).toBe('dropdown');
  });

  test('query indexes outside the list fall back to 0', () => {
    expect(indexParam('2', 3)).toBe(2);
    expect(indexParam('3', 3)).toBe(0);
    expect(indexParam('x', 3)).toBe(0);
    expect(indexParam(null, 3)).toBe(0);
  });

  test('selection keys serialize home, device, address and type', () => {
    expect(selectionKey('h1', { devId: 'd', addr: 2, type: 'htr' })).not.toBe(
      selectionKey('h1', { devId: 'd', addr: 2, type: 'acm' }),
    );
  });

  test('the nodes of a gateway that is not connected show offline; uninstalled stays', () => {
    const heater = {
      installed: true,
      lost: false,
      status: { stemp: '20.0', mode: 'manual' as const },
    };
    expect(cardState(heater, true)).toBe('temperature');
    expect(cardState(heater, false)).toBe('offline');
    expect(cardState({ ...heater, installed: false }, false)).toBe('uninstalled');
  });

  test('a selected node that is no longer installed in the home leaves the selection', () => {
    const a = selectionKey('h', { devId: 'd', addr: 1, type: 'htr' });
    const b = selectionKey('h', { devId: 'd', addr: 2, type: 'htr' });
    expect(staleSelection([a, b], [a, b])).toEqual([]);
    expect(staleSelection([a, b], [a])).toEqual([b]);
    expect(staleSelection([a], [])).toEqual([a]);
  });

  test('a selection key reads back as the node it names; anything else as nothing', () => {
    const key = selectionKey('h1', { devId: 'd1', addr: 4, type: 'acm' });
    expect(parseSelectionKey(key)).toEqual({ homeId: 'h1', devId: 'd1', addr: 4, type: 'acm' });
    expect(parseSelectionKey('not json')).toBeUndefined();
    expect(parseSelectionKey(JSON.stringify(['h1', 'd1', 4, 'lamp']))).toBeUndefined();
    expect(parseSelectionKey(JSON.stringify(['h1', 'd1', 1.5, 'htr']))).toBeUndefined();
  });

  test('records open the kind of node of the tab, else the first installed kind of heater', () => {
    expect(recordsType('pmo', ['htr'])).toBe('pmo');
    expect(recordsType('heaters', ['acm', 'htr'])).toBe('htr');
    expect(recordsType('heaters', ['acm'])).toBe('acm');
    expect(recordsType('heaters', ['thm'])).toBe('thm');
    expect(recordsType('heaters', [])).toBe('pmo');
  });
});
