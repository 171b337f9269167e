// Files for operations whose body is a file: the smallest valid image.

/** One transparent pixel as a PNG: a valid image of every size limit a server may set. */
export const SAMPLE_IMAGE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export const SAMPLE_IMAGE_TYPE = 'image/png';
