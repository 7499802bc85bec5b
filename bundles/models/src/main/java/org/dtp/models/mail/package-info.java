/** Mail folders and messages: the raw RFC 822 message by reference, plus flags and labels. */
@Export
@Version("1.2.0")
package org.dtp.models.mail;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
