import type { Language } from '@app/contracts';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/**
 * One line of header text: control characters (CR and LF above all) become spaces, so no user text can
 * add a header or end the header block; long values are cut.
 */
export function headerText(value: string, max = 200): string {
  // eslint-disable-next-line no-control-regex
  const flat = value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** An http(s) URL or nothing: links in e-mails never carry other schemes. */
export function safeLink(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

interface Layout {
  /** Issue 21: the language of the texts (the document's `lang`); absent: English. */
  language?: Language;
  /** Shown as the first heading. */
  heading: string;
  /** Paragraphs of plain text (escaped here; newlines kept). */
  paragraphs: string[];
  button?: { label: string; url: string };
  /** Small print under the button. */
  footnote?: string;
  /** Non-essential e-mails: why the reader gets it, and the signed link that turns that kind off. */
  unsubscribe?: { reason: string; label: string; url: string };
}

/** The platform's header bar and button colour: an organization's brand replaces them (`brandHtml`). */
const PLATFORM_HEADER =
  '<tr><td style="background:#0F172A;padding:16px 24px;color:#ffffff;font-size:18px;font-weight:700">Venture Roadmap</td></tr>';
const BUTTON_STYLE = 'display:inline-block;background:#3B82F6;';

/**
 * Issue 19: an organization's look on an e-mail `renderHtml` made: its colour for the header bar and the
 * button, its logo (when set, an https or http image) and name in the header.
 */
export function brandHtml(
  html: string,
  brand: { name: string; logoUrl: string | null; primaryColor: string },
): string {
  const color = /^#[0-9A-Fa-f]{6}$/.test(brand.primaryColor) ? brand.primaryColor : '#0F172A';
  const logo = brand.logoUrl ? safeLink(brand.logoUrl) : null;
  const logoImg = logo
    ? `<img src="${escapeHtml(logo)}" alt="" height="32" style="height:32px;vertical-align:middle;margin-right:12px;border:0">`
    : '';
  const header = `<tr><td style="background:${color};padding:16px 24px;color:#ffffff;font-size:18px;font-weight:700">${logoImg}<span style="vertical-align:middle">${escapeHtml(brand.name)}</span></td></tr>`;
  return html
    .replace(PLATFORM_HEADER, header)
    .split(BUTTON_STYLE)
    .join(`display:inline-block;background:${color};`);
}

/** The product's look: a dark header bar, white card, blue button. Every text is escaped here. */
export function renderHtml(layout: Layout): string {
  const paragraphs = layout.paragraphs
    .map(
      (p) =>
        `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#334155">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`,
    )
    .join('\n');
  const button = layout.button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(layout.button.url)}" style="${BUTTON_STYLE}color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">${escapeHtml(layout.button.label)}</a></p>`
    : '';
  const footnote = layout.footnote
    ? `<p style="margin:16px 0 0;font-size:13px;line-height:1.5;color:#64748b">${escapeHtml(layout.footnote)}</p>`
    : '';
  const unsubscribe = layout.unsubscribe
    ? `<p style="margin:16px 0 0;font-size:12px;line-height:1.5;color:#64748b">${escapeHtml(layout.unsubscribe.reason)} <a href="${escapeHtml(layout.unsubscribe.url)}" style="color:#64748b">${escapeHtml(layout.unsubscribe.label)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="${layout.language ?? 'en'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(layout.heading)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">
${PLATFORM_HEADER}
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:20px;color:#0F172A">${escapeHtml(layout.heading)}</h1>
${paragraphs}
${button}
${footnote}
${unsubscribe}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
