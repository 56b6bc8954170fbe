/** A refusal or failure the backup commands explain to the operator in one sentence. */
export class BackupError extends Error {
  override name = 'BackupError';
}
