// @ts-check
import { $ } from './dom.js';

/** Shows one side panel and marks its tab selected. */
export function showTab(/** @type {string} */ panelId) {
  for (const tab of document.querySelectorAll('.tabs [role="tab"]')) {
    if (!(tab instanceof HTMLElement)) continue;
    const on = tab.dataset.panel === panelId;
    tab.setAttribute('aria-selected', String(on));
    $(String(tab.dataset.panel)).hidden = !on;
  }
}
