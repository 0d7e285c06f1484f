/** The report's only style sheet, inlined: the file opens offline and loads nothing. */
export const REPORT_CSS = `
:root { color-scheme: light; font: 14px/1.45 system-ui, sans-serif; color: #1d232b; }
body { margin: 0; background: #f4f5f7; }
main { display: flex; flex-direction: column; gap: 12px; max-width: 1100px; margin: 0 auto; padding: 16px; }
.summary { order: -1; }
section { background: #fff; border: 1px solid #d8dce2; border-radius: 6px; padding: 12px 16px; }
h1 { font-size: 20px; margin: 0 0 8px; } h2 { font-size: 16px; margin: 0 0 6px; }
.muted { color: #5b6573; }
.badge { display: inline-block; padding: 1px 8px; border-radius: 10px; font-size: 12px; font-weight: 600; }
.correct { background: #d6f2dc; color: #155d27; } .incorrect { background: #fbdcdc; color: #8a1c1c; }
.no-answer, .refusal, .error, .ungraded { background: #eee3c8; color: #6b4e00; }
pre { white-space: pre-wrap; word-break: break-word; background: #f7f8fa; border: 1px solid #e3e6ea; padding: 8px; max-height: 28em; overflow: auto; }
table { border-collapse: collapse; font-size: 12.5px; }
td, th { border: 1px solid #dde1e6; padding: 2px 6px; text-align: right; vertical-align: top; }
th.rl, td.rl { text-align: left; } thead th { background: #f0f2f5; }
.scroll { overflow-x: auto; }
.verdicts td, .verdicts th, .kv td, .kv th { text-align: left; }
.ev-g { background: #fff1b8; } .ev-e { outline: 2px solid #2f7de1; outline-offset: -2px; }
.ev-p { box-shadow: inset 0 -3px 0 #9b51e0; }
.ev-g.ev-e { background: #d9ecff; }
blockquote { margin: 6px 0; padding: 6px 10px; border-left: 4px solid #c9ced6; background: #fafbfc; }
.legend span { margin-right: 12px; padding: 0 6px; }
figure { margin: 8px 0; } figcaption { font-weight: 600; margin-bottom: 4px; }
ul.method li.stale { color: #8a4b00; font-weight: 600; }
`;
