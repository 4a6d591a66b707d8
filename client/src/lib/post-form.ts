/**
 * POSTs a FormData upload and reports its progress (0-100). XMLHttpRequest rather than
 * fetch because only XHR reports upload progress. Errors read like apiRequest's
 * ('<status>: <body>'), so serverMessage and the 401 handling work the same.
 */
export function postForm<T>(url: string, body: FormData, onProgress?: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(new Error(`${xhr.status}: ${xhr.responseText || xhr.statusText}`));
      onProgress?.(100);
      try {
        resolve(JSON.parse(xhr.responseText) as T);
      } catch {
        reject(new Error(`${xhr.status}: The server answered with something unexpected`));
      }
    };
    xhr.onerror = () => reject(new Error('0: The connection to the server was lost'));
    xhr.send(body);
  });
}
