import { expect, test } from 'vitest';
import { CLIENT_DATA_FILES, clientDataSchemas } from './branding';
import { defaultClientData } from './client-data-defaults';

test('the default brand answers every client data file in the shape the app reads', () => {
  const data = defaultClientData(['Europe/Madrid']);
  for (const file of CLIENT_DATA_FILES) {
    expect(clientDataSchemas[file].safeParse(data[file]).success, file).toBe(true);
  }
  expect(data.capabilities?.supportedTimezones).toEqual(['Europe/Madrid']);
});
