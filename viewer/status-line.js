// @ts-check
import { $ } from './dom.js';

export function setStatus(
  /** @type {string} */ message,
  /** @type {'info' | 'error'} */ kind = 'info',
) {
  const status = $('status');
  status.textContent = message;
  status.dataset.kind = kind;
}
