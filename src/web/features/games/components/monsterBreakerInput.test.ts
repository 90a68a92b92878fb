import { describe, expect, it } from 'vitest';
import {
  INPUT_LAUNCH,
  INPUT_LEFT,
  INPUT_RIGHT,
  isValidInput,
  keyInput,
  targetInput,
} from '../../../../protocol/monsterBreaker/input';
import { InputCollector } from './monsterBreakerInput';

describe('InputCollector', () => {
  it('maps arrows and A/D to directions while held', () => {
    const input = new InputCollector();
    expect(input.onKey('ArrowLeft', true)).toBe('handled');
    expect(input.next()).toBe(INPUT_LEFT);
    expect(input.next()).toBe(INPUT_LEFT);
    input.onKey('ArrowLeft', false);
    input.onKey('KeyD', true);
    expect(input.next()).toBe(INPUT_RIGHT);
    input.onKey('KeyA', true);
    expect(input.next()).toBe(0);
  });

  it('latches a launch until one tick consumes it', () => {
    const input = new InputCollector();
    input.onKey('Space', true);
    input.onKey('Space', false);
    expect(input.next()).toBe(INPUT_LAUNCH);
    expect(input.next()).toBe(0);
  });

  it('follows the pointer in whole field units until a key is pressed', () => {
    const input = new InputCollector();
    input.onPointer(100.4);
    expect(input.next()).toBe(targetInput(100));
    input.onPointer(-30);
    expect(input.next()).toBe(targetInput(0));
    input.onPointer(999);
    input.launch();
    expect(input.next()).toBe(targetInput(240, true));
    input.onKey('ArrowRight', true);
    expect(input.next()).toBe(keyInput(1));
    input.onKey('ArrowRight', false);
    expect(input.next()).toBe(0);
  });

  it('reports pause keys, ignores others and only ever yields valid inputs', () => {
    const input = new InputCollector();
    expect(input.onKey('KeyP', true)).toBe('pause');
    expect(input.onKey('Escape', true)).toBe('pause');
    expect(input.onKey('KeyQ', true)).toBe('ignored');
    input.onKey('ArrowLeft', true);
    input.onKey('ArrowRight', true);
    input.onPointer(120);
    input.launch();
    expect(isValidInput(input.next())).toBe(true);
    input.release();
    expect(input.next()).toBe(targetInput(120));
  });
});
