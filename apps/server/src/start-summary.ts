/**
 * The last thing `npm start` prints, once the server listens: where to open it and how to sign in,
 * in plain text (not a JSON log line), so an operator's first start ends with what they need.
 */
export interface StartFacts {
  /** The address the server answers on from this machine (`http://localhost:3000`). */
  localUrl: string;
  /** The address links in mails and payment callbacks use (config PUBLIC_URL). */
  publicUrl: string;
  /** Whether PUBLIC_URL was set; otherwise it follows PORT (config.ts). */
  publicUrlSet: boolean;
  adminEmail: string;
  /** A password to show: generated on this start, or the demo's. */
  password: { value: string; note: string } | null;
  /** Setup items neither done nor dismissed (modules/operations/setup), and how many there are. */
  setup: { open: number; total: number } | null;
}

/** The URL a person types for a server bound to `host` (0.0.0.0 and :: are every interface). */
export function localUrl(host: string, port: number) {
  const name = ['0.0.0.0', '::', ''].includes(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export function startSummary(f: StartFacts): string {
  const rows: Array<[string, string]> = [['Open', `${f.localUrl}/admin-login`]];
  // always shown: an operator who only changed PORT sees where invitation and reset links lead
  rows.push([
    'Links use',
    f.publicUrlSet
      ? `${f.publicUrl} (PUBLIC_URL)`
      : `${f.publicUrl} (from PORT; set PUBLIC_URL to the address members open)`,
  ]);
  rows.push(['Admin e-mail', f.adminEmail]);
  if (f.password) rows.push(['Password', `${f.password.value} (${f.password.note})`]);
  if (f.setup)
    rows.push([
      'Setup',
      f.setup.open === 0
        ? 'nothing left to do'
        : `${f.setup.open} of ${f.setup.total} items still open: the admin dashboard lists them`,
    ]);
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  const lines = rows.map(([label, value]) => `  ${`${label}:`.padEnd(width)}${value}`);
  return ['', 'EarnHub is running.', '', ...lines, ''].join('\n');
}
