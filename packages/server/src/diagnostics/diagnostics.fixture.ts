import { login, postJson } from '../test-support/http';
import { createHomeWithDevice, createUser, type TestHearth } from '../test-support/test-hearth';

/**
 * A home holding everything a diagnostics file could leak: a guest and a quiet-home address,
 * an address and coordinates, a command carrying wifi credentials, signed-in users' tokens.
 * `secrets` lists each value that must never appear in the file.
 */
export async function populateHomeWithSecrets(t: TestHearth) {
  const owner = await createUser(t.repos, 'owner.diag@example.test', 'owner-password-71');
  const guest = await createUser(t.repos, 'guest.diag@example.test', 'guest-password-72');
  const stranger = await createUser(t.repos, 'stranger.diag@example.test', 'stranger-pw-73');
  const { homeId, devId } = await createHomeWithDevice(t.repos, owner.id, undefined, 'Cottage');
  await t.repos.devices.claim(`${devId}b`, homeId, {
    name: 'Attic gateway',
    productId: '0002',
    serialId: '01.01',
  });
  await t.repos.homes.addGuest({
    groupId: homeId,
    email: guest.email,
    userId: guest.id,
    pending: false,
  });
  const invitee = await createUser(t.repos, 'pending.invitee@example.test', 'invitee-pw-74');
  const pendingGuestEmail = invitee.email;
  await t.repos.homes.addGuest({
    groupId: homeId,
    email: pendingGuestEmail,
    userId: invitee.id,
    pending: true,
  });
  const geo = {
    country: 'ES',
    state: 'Madrid',
    city: 'Chinchón',
    zip: '28370',
    tz_code: 'Europe/Madrid',
    position: { latitude: 40.1401, longitude: -3.4226 },
    coarsePosition: { latitude: 40.14, longitude: -3.42 },
    outdoor_range: 300,
  };
  const ownerToken = await login(t.url, owner.email, owner.password);
  const guestToken = await login(t.url, guest.email, guest.password);
  const strangerToken = await login(t.url, stranger.email, stranger.password);
  // Through the API, as the app stores them.
  const geoSaved = await postJson(
    `${t.url}/api/v2/groups/${homeId}/geo_data`,
    geo,
    ownerToken.access_token,
  );
  if (geoSaved.status !== 200) throw new Error(`geo_data: ${geoSaved.status}`);
  const quietEmail = 'quiet.alerts@example.test';
  const quiet = await postJson(
    `${t.url}/api/notifications/v1/${homeId}/presence/config`,
    { email: quietEmail, enabled: true, excluded_nodes: [{ devid: devId, nodes: [2] }] },
    ownerToken.access_token,
  );
  if (quiet.status !== 200) throw new Error(`presence config: ${quiet.status}`);

  await t.repos.devices.setConnected(devId, true, '1.13');
  await t.repos.devices.putState(devId, '/geo_data', geo);
  await t.repos.devices.putState(devId, '/mgr/away_status', {
    enabled: true,
    away: false,
    forced: false,
  });
  await t.repos.nodes.replaceList(devId, [
    { name: 'Living room', addr: 1, type: 'htr', installed: true, lost: false },
    { name: 'Bedroom', addr: 2, type: 'htr', installed: true, lost: true },
  ]);
  await t.repos.nodes.setPart(devId, 'htr', 1, 'status', {
    mode: 'manual',
    stemp: '21.5',
    mtemp: '19.8',
    units: 'C',
  });
  await t.repos.nodes.setPart(devId, 'htr', 1, 'version', {
    hw_version: '2.0',
    fw_version: '1.7',
    uid: 'node-uid-1',
    pid: '0x0A',
  });
  const lastSampleT = Math.floor(Date.now() / 1000) - 600;
  await t.repos.samples.insertBatch([
    {
      devId,
      list: [
        { type: 'htr', addr: 1, t: lastSampleT - 600, temp: '19.5', counter: 1000 },
        { type: 'htr', addr: 1, t: lastSampleT, temp: '19.8', counter: 1010 },
      ],
    },
  ]);
  const wifiPass = 'wifi-Pa55-secret';
  const waiting = await t.repos.commands.insert({
    devId,
    method: 'POST',
    path: '/htr/1/status',
    body: { stemp: '22.0', units: 'C' },
  });
  await t.repos.commands.insert({
    devId,
    method: 'POST',
    path: '/mgr/wifi',
    body: { ssid: 'HomeNet-42', pass: wifiPass },
  });
  await t.repos.commands.insert({ devId, method: 'POST', path: '/geo_data', body: geo });
  const refused = await t.repos.commands.insert({
    devId,
    method: 'POST',
    path: '/htr/2/setup',
    body: { window_mode_enabled: true },
  });
  await t.repos.commands.settle(devId, refused.id, false, 'node not reachable');

  return {
    homeId,
    devId,
    secondDevId: `${devId}b`,
    owner,
    waitingId: waiting.id,
    lastSampleT,
    tokens: {
      owner: ownerToken.access_token,
      guest: guestToken.access_token,
      stranger: strangerToken.access_token,
    },
    secrets: {
      ownerEmail: owner.email,
      ownerPassword: owner.password,
      guestEmail: guest.email,
      guestPassword: guest.password,
      pendingGuestEmail,
      quietEmail,
      ownerAccessToken: ownerToken.access_token,
      ownerRefreshToken: ownerToken.refresh_token,
      guestAccessToken: guestToken.access_token,
      gatewaySecret: t.hearth.gatewaySecret(devId),
      jwtSecret: 'test-jwt-secret-0123456789',
      gatewayKey: 'test-gateway-key-0123456789',
      clientSecret: t.hearth.clientCredentials.secret,
      wifiPass,
      wifiSsid: 'HomeNet-42',
      city: geo.city,
      zip: geo.zip,
      lat: String(geo.position.latitude),
      lon: String(geo.position.longitude),
      coarseLat: String(geo.coarsePosition.latitude),
    },
  };
}
