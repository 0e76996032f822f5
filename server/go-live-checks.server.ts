/**
 * What `npm run go-live` asks beyond the content and the settings: the mail server, once (does it
 * take the connection and the login), and what the site shows that only the dealer can judge.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { truckOffer } from "~/content";
import { ALL_TRUCKS } from "~/data/trucks";
import { CONSENT_TEXT_VERSION, LEGAL_TEMPLATE_EDITION, POLICY_VERSION } from "~/lib/consent";
import { errorMessage } from "./log.server";

/** The dealer's content file, which go-live names and numbers the lines of. */
export const CONTENT_FILE = "app/content/dealer.ts";

/** The demo's logo, the «FAW СОЛОНЦЫ» wordmark: public/images/logo.svg, drawn inline by app/components/logo.tsx. */
const DEMO_LOGO_SHA256 = "b5c2de2bd410cc2c46eb60876921c3facf9ed96fe97f1e59d1280313ce54ab9d";

/**
 * The demo's sample files by their SHA-256: the dealer certificate marked «образец»
 * (public/docs/dealer-certificate.pdf) and the six leasing partners' placeholder logos
 * (public/images/partners/partner-1…6.svg).
 */
const SAMPLE_FILES_SHA256: ReadonlySet<string> = new Set([
  "9fb45cb607c5e6c615d37c922e03e844e416ee244adbcaa6074c3bdd68ccc0d0",
  "8fdc56c4f6055921b3832c71670b9be2bb175c6c7268727cabc96eba69a7afa7",
  "06166ebc4cd4eb4fb424774f3709aff2e94c50e842043ee347448f713aad438b",
  "0efce5a371ef5aa44d7bef2a3d845ee7492aeb60cb1d320625b6542f1c98023b",
  "68b18f10b0a970683fb39e8418f00cdb12ee79387f5fa1f8762489bf55e79ff8",
  "c0b094422eb37319ba46e05983205b0403d663df58846e1a2a94349394938b2d",
  "39263badf060b98394f517fec0346b7ec933ab23f35192dc5512be8b9ced1a31",
]);

/**
 * The content's files (`localFiles`) that are still the demo's samples under `publicDir`, whatever
 * demo( ) says of their paths: a path left without its demo( ) whose file was never replaced still
 * shows the demo.
 */
export function sampleFiles(
  files: readonly { key: string; path: string }[],
  publicDir = path.resolve("public"),
  samples: ReadonlySet<string> = SAMPLE_FILES_SHA256,
): { key: string; path: string }[] {
  return files.filter((file) => {
    const full = path.join(publicDir, file.path);
    if (!fs.existsSync(full)) return false;
    return samples.has(crypto.createHash("sha256").update(fs.readFileSync(full)).digest("hex"));
  });
}

/**
 * What the site shows that no setting or demo( ) marks, for the dealer to look at before launch:
 * models shown with the catalogue's drawings instead of photos, the demo's logo (`logoFile`, the
 * file under public/, read when present), and the legal texts still in the template's edition.
 */
export function contentChecks(
  logoFile = path.resolve("public/images/logo.svg"),
  demoLogoSha256 = DEMO_LOGO_SHA256,
): string[] {
  const checks: string[] = [];
  const drawn = ALL_TRUCKS.filter((truck) => !truckOffer(truck.slug)?.pictures);
  if (drawn.length > 0)
    checks.push(
      `${drawn.length} of ${ALL_TRUCKS.length} models show the catalogue's drawings, not photos ` +
        `(trucks.<model>.pictures unset in ${CONTENT_FILE}): ${drawn.map((truck) => truck.slug).join(", ")}`,
    );
  const logo = fs.existsSync(logoFile) ? fs.readFileSync(logoFile) : undefined;
  if (logo && crypto.createHash("sha256").update(logo).digest("hex") === demoLogoSha256)
    checks.push(
      "the logo is the demo's «FAW СОЛОНЦЫ» wordmark: put the dealer's in public/images/logo.svg and app/components/logo.tsx",
    );
  if (POLICY_VERSION === LEGAL_TEMPLATE_EDITION || CONSENT_TEXT_VERSION === LEGAL_TEMPLATE_EDITION)
    checks.push(
      "the privacy policy and the consent text on /privacy are the project's template: have them checked for the " +
        "dealer (who processes what, where it is kept, who answers), then give each its new date " +
        "(POLICY_VERSION and CONSENT_TEXT_VERSION in app/lib/consent.ts)",
    );
  return checks;
}

/** Asks the mail server of SMTP_URL to take the connection and the login, sending nothing. */
export async function probeSmtp(url: string): Promise<{ ok: true } | { ok: false; reason: string }> {
  const { default: nodemailer } = await import("nodemailer");
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 10_000,
  });
  try {
    await transport.verify();
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: errorMessage(error) };
  } finally {
    transport.close();
  }
}
