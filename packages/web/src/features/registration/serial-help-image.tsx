/** Where the serial id is: a drawing of the device label with the 4-character id circled. */
export function SerialHelpImage({ caption }: { caption: string }) {
  return (
    <figure style={{ margin: 0, textAlign: 'center' }}>
      <svg viewBox="0 0 240 140" width="100%" role="img" aria-label={caption}>
        <rect x="10" y="10" width="220" height="120" rx="12" fill="#f2f2f2" stroke="#888" />
        <rect x="30" y="30" width="180" height="80" rx="6" fill="#fff" stroke="#aaa" />
        <text x="45" y="55" fontSize="12" fill="#555">
          MODEL SBX-02
        </text>
        <text x="45" y="75" fontSize="12" fill="#555">
          SN 0101
        </text>
        <ellipse cx="83" cy="71" rx="26" ry="12" fill="none" stroke="#d9480f" strokeWidth="3" />
        <text x="45" y="95" fontSize="10" fill="#999">
          230V ~ 50Hz
        </text>
      </svg>
      <figcaption className="auth-help">{caption}</figcaption>
    </figure>
  );
}
