/** Address books and contacts, with the semantics of vCard 4 (RFC 6350). */
@Export
@Version("1.1.0")
package org.dtp.models.contacts;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
