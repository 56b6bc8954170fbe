/** Routes of the sharing screens. */
export const sharingRoutes = {
  activity: (homeId: string) => `/homes/${encodeURIComponent(homeId)}/activity`,
};
