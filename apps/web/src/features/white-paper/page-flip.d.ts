// page-flip 2 ships no type declarations; these cover the part of its API the flipbook uses.
declare module 'page-flip' {
  export type Orientation = 'portrait' | 'landscape';

  export interface FlipSetting {
    width: number;
    height: number;
    size: 'fixed' | 'stretch';
    minWidth: number;
    maxWidth: number;
    minHeight: number;
    maxHeight: number;
    startPage: number;
    showCover: boolean;
    usePortrait: boolean;
    drawShadow: boolean;
    maxShadowOpacity: number;
    flippingTime: number;
    mobileScrollSupport: boolean;
    showPageCorners: boolean;
    disableFlipByClick: boolean;
  }

  export interface FlipEvent<T> {
    data: T;
    object: PageFlip;
  }

  export class PageFlip {
    constructor(element: HTMLElement, settings: Partial<FlipSetting>);
    loadFromHTML(items: HTMLElement[]): void;
    on(event: 'flip', handler: (event: FlipEvent<number>) => void): PageFlip;
    on(event: 'changeOrientation', handler: (event: FlipEvent<Orientation>) => void): PageFlip;
    on(
      event: 'init',
      handler: (event: FlipEvent<{ page: number; mode: Orientation }>) => void,
    ): PageFlip;
    flipNext(corner?: 'top' | 'bottom'): void;
    flipPrev(corner?: 'top' | 'bottom'): void;
    turnToNextPage(): void;
    turnToPrevPage(): void;
    /** Re-measures the container and redraws. */
    update(): void;
    getCurrentPageIndex(): number;
    getPageCount(): number;
    getOrientation(): Orientation;
    /** Also removes the element the book was created on. */
    destroy(): void;
  }
}
