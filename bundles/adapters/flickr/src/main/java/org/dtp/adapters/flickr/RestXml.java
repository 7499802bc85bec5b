package org.dtp.adapters.flickr;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads Flickr's REST (XML) answer of the Upload API, which answers in no other format
 * (https://www.flickr.com/services/api/upload.api.html): {@code <rsp stat="ok"><photoid>N</photoid></rsp>} or
 * {@code <rsp stat="fail"><err code="N" msg="..."/></rsp>}, as the tree {@code {"stat", "photoid"}} or
 * {@code {"stat", "code", "message"}} that the JSON answers of the REST methods have. A mapper, so that
 * {@link org.dtp.spi.http.ProviderHttp#upload} can read it: DTDs and external entities are refused.
 */
final class RestXml extends ObjectMapper {
    private static final long serialVersionUID = 1L;

    @Override
    public JsonNode readTree(InputStream in) throws IOException {
        Element rsp;
        try {
            rsp = builder().parse(in).getDocumentElement();
        } catch (SAXException e) {
            throw new com.fasterxml.jackson.core.JsonParseException(null, "not a Flickr REST answer: " + e.getMessage());
        }
        if (!"rsp".equals(rsp.getTagName())) {
            throw new com.fasterxml.jackson.core.JsonParseException(null, "not a Flickr REST answer: <" + rsp.getTagName() + ">");
        }
        ObjectNode tree = JsonNodeFactory.instance.objectNode();
        tree.put("stat", rsp.getAttribute("stat"));
        NodeList children = rsp.getChildNodes();
        for (int i = 0; i < children.getLength(); i++) {
            Node child = children.item(i);
            if (child instanceof Element e) {
                if ("err".equals(e.getTagName())) {
                    tree.put("code", e.getAttribute("code"));
                    tree.put("message", e.getAttribute("msg"));
                } else {
                    tree.put(e.getTagName(), e.getTextContent().strip());
                }
            }
        }
        return tree;
    }

    private static DocumentBuilder builder() throws IOException {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setExpandEntityReferences(false);
            factory.setNamespaceAware(false);
            return factory.newDocumentBuilder();
        } catch (ParserConfigurationException e) {
            throw new IOException("no XML parser: " + e.getMessage(), e);
        }
    }
}
