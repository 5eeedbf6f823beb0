import { jest } from '@jest/globals';
import {
  attachToastHost,
  isToastHostWanted,
  requestToast,
  subscribeToastHost,
  type ToastRequest,
} from './toast-store';

const saved: ToastRequest = { type: 'success', title: 'Saved', duration: 3 };
const failed: ToastRequest = { type: 'error', title: 'Failed', description: 'Try again', duration: 5 };

describe('toast store', () => {
  it('queues toasts until the host attaches, asks for the host once, then shows them in order and later ones at once', () => {
    const listener = jest.fn();
    const unsubscribe = subscribeToastHost(listener);
    expect(isToastHostWanted()).toBe(false);

    requestToast(saved);
    requestToast(failed);
    expect(isToastHostWanted()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);

    const shown: ToastRequest[] = [];
    const detach = attachToastHost((toast) => shown.push(toast));
    expect(shown).toEqual([saved, failed]);

    requestToast(saved);
    expect(shown).toEqual([saved, failed, saved]);

    detach();
    requestToast(failed);
    expect(shown).toHaveLength(3);
    const next: ToastRequest[] = [];
    attachToastHost((toast) => next.push(toast));
    expect(next).toEqual([failed]);
    unsubscribe();
  });
});
