package org.dtp.webdav;

import org.dtp.spi.AdapterException;

/**
 * The server answered with something that is not well-formed WebDAV XML, e.g. a multiget answer carrying a
 * resource's control characters that XML 1.0 forbids. The request itself was served: asking for less (one
 * resource at a time, as {@link CollectionPager} then does) may get around it, repeating it will not.
 */
public class DavAnswerUnreadableException extends AdapterException {
    private static final long serialVersionUID = 1L;

    public DavAnswerUnreadableException(String message, Throwable cause) {
        super(message, cause);
    }
}
