/** Task lists and tasks, with the semantics of iCalendar VTODO (RFC 5545). */
@Export
@Version("1.2.0")
package org.dtp.models.tasks;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
