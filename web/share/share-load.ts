// How far the page has read its recording: the log fills a slice at a time after the first paint, and the trailer
// (the counts the banner and the header show) comes last. A small external store the banner and header read.
import { useSyncExternalStore } from 'react';
import type { BundleTrailer } from '../../shared/bundle/bundle-format.js';
import { Listeners } from '../../shared/listeners.js';

export interface ShareLoadState {
  /** The whole recording is in the log (or reading it failed). */
  done: boolean;
  trailer: BundleTrailer | null;
  /** Why the rest of the recording could not be read; the frames before it stay shown. */
  error: string | null;
}

export class ShareLoad {
  private state: ShareLoadState = { done: false, trailer: null, error: null };
  private readonly listeners = new Listeners();
  readonly subscribe = this.listeners.add;
  readonly snapshot = (): ShareLoadState => this.state;

  finish(trailer: BundleTrailer): void {
    this.state = { done: true, trailer, error: null };
    this.listeners.emit();
  }

  fail(error: string): void {
    this.state = { ...this.state, done: true, error };
    this.listeners.emit();
  }
}

export function useShareLoad(load: ShareLoad): ShareLoadState {
  return useSyncExternalStore(load.subscribe, load.snapshot);
}
