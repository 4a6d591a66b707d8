import { describe, expect, it } from 'vitest';
import { actorNameOf, displayNameOf, initialsOf, ownerNameOf } from './names';

describe('initialsOf', () => {
  it.each([
    [{ firstName: 'maria', lastName: 'santos', username: 'ms' }, 'MS'],
    [{ firstName: 'Liam', lastName: null, username: 'crew' }, 'L'],
    [{ firstName: '', lastName: 'Only', username: 'deckhand' }, 'D'],
    [{ username: 'zed', email: 'a@b.c' }, 'Z'],
    [{ username: null, email: 'officer@ship.example' }, 'O'],
    [{}, 'U'],
    [null, 'U'],
  ])('%j gives %s', (user, expected) => {
    expect(initialsOf(user)).toBe(expected);
  });
});

describe('displayNameOf', () => {
  it.each([
    [{ firstName: 'Maria', lastName: 'Santos', username: 'ms' }, 'Maria Santos'],
    [{ firstName: 'Liam', lastName: '', username: 'crew' }, 'Liam'],
    [{ firstName: null, lastName: 'Santos', username: 'msantos' }, 'msantos'],
    [{ email: 'officer@ship.example' }, 'officer@ship.example'],
    [{}, 'User'],
    [undefined, 'User'],
  ])('%j gives %s', (user, expected) => {
    expect(displayNameOf(user)).toBe(expected);
  });
});

describe('fallbacks for lists', () => {
  it('names an owner or says Unknown User', () => {
    expect(ownerNameOf({ firstName: 'Ana', lastName: 'Silva' })).toBe('Ana Silva');
    expect(ownerNameOf(null)).toBe('Unknown User');
  });
  it('names an actor by first name or says User', () => {
    expect(actorNameOf({ firstName: 'Ana' })).toBe('Ana');
    expect(actorNameOf(null)).toBe('User');
  });
});
