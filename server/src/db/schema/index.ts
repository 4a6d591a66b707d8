export * from './users';
export * from './departments';
export * from './sops';
export * from './files';
export * from './audit';
export * from './jobs';
export * from './relations';
export * from './data-version';
