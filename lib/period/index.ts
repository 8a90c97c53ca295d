export * from './bounds';
export * from './period-id';
export * from './service-datetime';
export * from './time-zone';
