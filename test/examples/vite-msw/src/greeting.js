// The app's own module: the test edits this line and expects hot reload to swap it in place.
export const greeting = 'Hello from the app';
