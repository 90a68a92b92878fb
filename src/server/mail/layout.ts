import type { MailMessage } from '../mail/index';

/**
 * The portal's email look, the web theme's colours (src/web/styles/theme.css) in dark only: abyss
 * background, bone text, eldritch green button. Mail clients drop <style> blocks and web fonts, so
 * every style is inline and the layout is a table.
 */
const COLORS = {
  background: '#0b1014',
  surface: '#131b22',
  border: '#24323d',
  text: '#e8e2d0',
  muted: '#9aa5ad',
  accent: '#4fd1a5',
  onAccent: '#0b1014',
};
const SERIF = "Cinzel, 'Times New Roman', Georgia, serif";
const SANS = "Inter, 'Segoe UI', Helvetica, Arial, sans-serif";

export interface ActionMail {
  to: string;
  subject: string;
  heading: string;
  /** Paragraphs before the button. */
  lines: string[];
  buttonLabel: string;
  link: string;
  /** Small print under the button. */
  footnote: string;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** One email with a single call to action, as HTML and plain text. */
export function renderActionMail(mail: ActionMail): MailMessage {
  const link = escapeHtml(mail.link);
  const paragraphs = mail.lines
    .map((line) => `<p style="margin:0 0 16px;font:16px/1.6 ${SANS};color:${COLORS.text};">${escapeHtml(line)}</p>`)
    .join('');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="dark"><title>${escapeHtml(mail.subject)}</title></head>
<body style="margin:0;padding:0;background:${COLORS.background};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLORS.background};padding:32px 12px;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:${COLORS.surface};border:1px solid ${COLORS.border};border-radius:12px;">
<tr><td style="padding:28px 32px 8px;font:600 13px/1 ${SERIF};letter-spacing:3px;text-transform:uppercase;color:${COLORS.accent};">Cthulhu Portal</td></tr>
<tr><td style="padding:8px 32px 0;">
<h1 style="margin:0 0 20px;font:600 24px/1.3 ${SERIF};color:${COLORS.text};">${escapeHtml(mail.heading)}</h1>
${paragraphs}
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;"><tr><td style="border-radius:8px;background:${COLORS.accent};">
<a href="${link}" style="display:inline-block;padding:14px 28px;font:600 16px/1 ${SANS};color:${COLORS.onAccent};text-decoration:none;border-radius:8px;">${escapeHtml(mail.buttonLabel)}</a>
</td></tr></table>
<p style="margin:0 0 8px;font:13px/1.6 ${SANS};color:${COLORS.muted};">If the button does not work, open this link:</p>
<p style="margin:0 0 24px;font:13px/1.6 ${SANS};word-break:break-all;"><a href="${link}" style="color:${COLORS.accent};">${link}</a></p>
</td></tr>
<tr><td style="padding:16px 32px 28px;border-top:1px solid ${COLORS.border};font:13px/1.6 ${SANS};color:${COLORS.muted};">${escapeHtml(mail.footnote)}</td></tr>
</table>
</td></tr>
</table>
</body></html>`;
  const text = [mail.heading, '', ...mail.lines, '', `${mail.buttonLabel}: ${mail.link}`, '', mail.footnote].join('\n');
  return { to: mail.to, subject: mail.subject, html, text };
}
