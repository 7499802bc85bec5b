package org.dtp.webdav;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * XML of WebDAV requests and answers. Answers are parsed with the JDK's DOM parser with DTDs and external
 * entities refused (no XXE, no entity expansion bombs); requests are written as text with escaped values.
 */
final class DavXml {
    static final String DAV = "DAV:";
    static final String CARDDAV = "urn:ietf:params:xml:ns:carddav";
    static final String CALDAV = "urn:ietf:params:xml:ns:caldav";
    static final String CALENDARSERVER = "http://calendarserver.org/ns/";
    static final String APPLE_ICAL = "http://apple.com/ns/ical/";
    static final String PROLOG = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n";
    /** Namespace declarations every request body uses. */
    static final String NAMESPACES = " xmlns:D=\"DAV:\" xmlns:A=\"" + CARDDAV + "\" xmlns:C=\"" + CALDAV
            + "\" xmlns:CS=\"" + CALENDARSERVER + "\" xmlns:I=\"" + APPLE_ICAL + "\"";

    private DavXml() {
    }

    static Document parse(byte[] xml) throws SAXException, IOException {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
            factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            factory.setXIncludeAware(false);
            factory.setExpandEntityReferences(false);
            DocumentBuilder builder = factory.newDocumentBuilder();
            builder.setErrorHandler(null);
            return builder.parse(new ByteArrayInputStream(xml));
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("the JDK's XML parser lacks a security feature", e);
        }
    }

    /** The element children of {@code parent} named {@code {ns}local}. */
    static List<Element> children(Node parent, String ns, String local) {
        List<Element> out = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && local.equals(e.getLocalName()) && ns.equals(e.getNamespaceURI())) {
                out.add(e);
            }
        }
        return out;
    }

    static List<Element> elements(Node parent) {
        List<Element> out = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                out.add(e);
            }
        }
        return out;
    }

    static Element child(Node parent, String ns, String local) {
        List<Element> found = children(parent, ns, local);
        return found.isEmpty() ? null : found.get(0);
    }

    /** The trimmed text of the first {@code {ns}local} child, null when there is none or it is empty. */
    static String childText(Node parent, String ns, String local) {
        Element e = child(parent, ns, local);
        if (e == null) {
            return null;
        }
        String text = e.getTextContent();
        return text == null || text.isBlank() ? null : text.trim();
    }

    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (char c : text.toCharArray()) {
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&apos;");
                default -> {
                    // XML 1.0 has no way to carry other control characters: they are dropped.
                    if (c >= 0x20 || c == '\t' || c == '\n' || c == '\r') {
                        out.append(c);
                    }
                }
            }
        }
        return out.toString();
    }
}
