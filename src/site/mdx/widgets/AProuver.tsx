/**
 * The <AProuver proof="…" /> widget: the marker of a claim or figure awaiting proof. It renders nothing on the
 * page; `npm run check -- --release` lists every one left (tools/check/content-check/release.ts). A widget rather than
 * an MDX comment so that the visual editor can open the file and show, edit or remove the marker.
 */
export function AProuver(_props: { proof: string }) {
  return null;
}
