export * from './period';
export * from './service-datetime';
export * from './time-zone';
