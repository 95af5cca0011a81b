// The manifest's <WebApplicationInfo>: what Office needs for single sign-on (Office.auth.getAccessToken,
// used by the pane to sign in to a team server, docs/team-library.md). It names the Microsoft Entra ID
// app registered for the add-in (its application (client) id) and that app's Application ID URI, which
// Microsoft's registration article writes api://<the add-in's host>/<application id>.
//
// manifest.xml carries placeholders: the nil GUID and api://localhost:3000/<nil GUID>. The build's copy
// step (webpack.config.js) fills them from the environment:
//   SECTIONSMITH_ENTRA_APP_ID    the application (client) id; unset: the nil GUID stays (SSO then fails
//                                in Office and the pane offers token sign-in instead)
//   SECTIONSMITH_ENTRA_RESOURCE  the Application ID URI; unset: api://<host the pane is served from>/<app id>
/* global process */

export const NIL_APP_ID = "00000000-0000-0000-0000-000000000000";
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The app id and resource for a pane served from `paneUrl`, from the environment or the defaults. */
export function entraSettings(paneUrl, env = process.env) {
  const appId = (env.SECTIONSMITH_ENTRA_APP_ID ?? "").trim() || NIL_APP_ID;
  if (!GUID.test(appId))
    throw new Error(
      `SECTIONSMITH_ENTRA_APP_ID: "${appId}" is not an application (client) id (a GUID, as the Entra admin center shows it)`,
    );
  const host = new globalThis.URL(paneUrl).host;
  const resource = (env.SECTIONSMITH_ENTRA_RESOURCE ?? "").trim() || `api://${host}/${appId}`;
  if (!/^api:\/\/[^/\s]+\/\S+$/.test(resource))
    throw new Error(
      `SECTIONSMITH_ENTRA_RESOURCE: "${resource}" is not an Application ID URI of the form api://<host>/<application id>`,
    );
  return { appId, resource };
}

/** manifest.xml with its <WebApplicationInfo> Id and Resource set; throws when the element is missing. */
export function fillWebApplicationInfo(xml, { appId, resource }) {
  const block = /(<WebApplicationInfo>[\s\S]*?<\/WebApplicationInfo>)/;
  const found = xml.match(block);
  if (!found) throw new Error("manifest.xml has no <WebApplicationInfo>: Office SSO cannot work without it");
  const escape = (s) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;");
  const filled = found[1]
    .replace(/<Id>[^<]*<\/Id>/, `<Id>${escape(appId)}</Id>`)
    .replace(/<Resource>[^<]*<\/Resource>/, `<Resource>${escape(resource)}</Resource>`);
  return xml.replace(block, () => filled);
}

/**
 * The copy of manifest.xml the build writes: SSO settings filled in, and for production every dev URL
 * replaced by `urlProd` (nothing may point at localhost then).
 */
export function buildManifest(xml, { dev, urlDev, urlProd, env = process.env }) {
  const paneUrl = dev ? urlDev : urlProd;
  let out = fillWebApplicationInfo(xml, entraSettings(paneUrl, env));
  if (!dev) {
    out = out.replaceAll(urlDev, urlProd);
    if (/localhost/.test(out))
      throw new Error("manifest.xml still points at localhost after URL substitution");
  }
  return out;
}
