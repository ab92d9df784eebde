/**
 * The screen of an app that cannot start (browser code of the page's bootstrap script, html.ts):
 * its modules failed to load or threw while they ran, before anything rendered, so instead of a blank
 * page it shows what failed. In the builder's preview (the page has a preview token): the error, the
 * app file when the runtime knows it, the environment names the code read unset
 * (`import.meta.env.VITE_SUPABASE_URL`: an export's `.env` is never in its repository), and what to
 * do. For a published app's end users: a short neutral message and Reload, no internals. It also
 * posts the preview's load handshake, so the builder shows the frame. The bootstrap calls it for
 * failures before the runtime runs (a module that does not load or link), the runtime
 * (packages/app-runtime/src/startup-failure.ts) for an app module that throws while it loads.
 */
export const STARTUP_SCREEN_SCRIPT = [
  'window.__ATELIER_STARTUP_FAILED__=function(message,file){',
  "if(!document.body){document.addEventListener('DOMContentLoaded',function(){window.__ATELIER_STARTUP_FAILED__(message,file);});return;}",
  "if(document.getElementById('atelier-startup-failure'))return;",
  'var c=window.__ATELIER__||{};',
  'var unset=window.__ATELIER_ENV_UNSET__?Array.from(window.__ATELIER_ENV_UNSET__).sort():[];',
  'function el(tag,text,style){var e=document.createElement(tag);if(text)e.textContent=text;if(style)e.setAttribute("style",style);return e;}',
  "function line(label,value){var p=el('p',null,'margin:0 0 12px');p.appendChild(el('b',label+' '));p.appendChild(el('code',value,'font:12px/1.4 ui-monospace,monospace;white-space:pre-wrap;word-break:break-word'));return p;}",
  "var box=el('section',null,'box-sizing:border-box;max-width:36rem;margin:48px auto;padding:24px;border:1px solid #fecaca;border-radius:12px;background:#fef2f2;color:#7f1d1d;font:14px/1.5 ui-sans-serif,system-ui,sans-serif;text-align:left');",
  "box.id='atelier-startup-failure';box.setAttribute('role','alert');",
  "box.appendChild(el('h1','This app could not start','font-size:18px;line-height:1.3;margin:0 0 8px'));",
  'if(c.previewToken){',
  "box.appendChild(el('p','Its code failed while it loaded, so nothing could be shown.','margin:0 0 12px'));",
  "box.appendChild(line('What failed:',String(message)));",
  "if(file)box.appendChild(line('In:',String(file)));",
  "if(unset.length)box.appendChild(line('Not set:',unset.join(', ')));",
  "if(unset.length)box.appendChild(el('p','The code reads these environment values, which a Vite project keeps in a .env file its repository left out: set them as NAME=value lines in the app\\'s .env file (the code editor\\'s Environment group), or ask the chat to.','margin:0 0 12px'));",
  "box.appendChild(el('p','Fix it in the code editor, or with the chat: Resolve with AI in the preview\\u2019s Runtime errors panel sends it this error.','margin:0'));",
  '}else{',
  "box.appendChild(el('p','Something went wrong while loading it. Try again later; if it keeps happening, tell the app\\u2019s owner.','margin:0 0 12px'));",
  "var again=el('button','Reload','padding:6px 12px;border:0;border-radius:6px;background:#b91c1c;color:#fff;font:inherit;cursor:pointer');",
  "again.type='button';again.onclick=function(){location.reload();};box.appendChild(again);",
  '}',
  "var root=document.getElementById('root');if(root)root.replaceChildren(box);else document.body.appendChild(box);",
  "if(c.parentOrigin&&window.parent!==window)window.parent.postMessage({type:'atelier:preview-route',route:null},c.parentOrigin);",
  '};',
].join('');
