package org.dtp.notifications;

import org.junit.Test;

import static org.junit.Assert.assertEquals;

/** Values from a transfer are escaped before they reach a page. */
public class CancellationPagesTest {
    @Test
    public void markupInAValueIsEscaped() {
        assertEquals("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;",
                CancellationPages.escape("<script>alert(\"x\")</script> & 'y'"));
    }
}
