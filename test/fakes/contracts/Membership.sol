// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Agentcast membership token (test double of the real collection on Base)
/// @notice A minimal, self-contained ERC-721: what the gate reads (balanceOf, name) behaves exactly as in any
///         ERC-721, and the tests can mint, burn and transfer tokens. No dependencies, so solc-js compiles it
///         from this one file at test time.
contract Membership {
    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    string public name;
    string public symbol;
    address public immutable minter;
    uint256 public totalMinted;

    mapping(uint256 => address) private owners;
    mapping(address => uint256) private balances;
    mapping(uint256 => address) private tokenApprovals;
    mapping(address => mapping(address => bool)) private operatorApprovals;

    constructor(string memory name_, string memory symbol_) {
        name = name_;
        symbol = symbol_;
        minter = msg.sender;
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7 /* ERC-165 */ || interfaceId == 0x80ac58cd /* ERC-721 */ || interfaceId == 0x5b5e139f; /* metadata */
    }

    function balanceOf(address owner) external view returns (uint256) {
        require(owner != address(0), "ERC721: zero address");
        return balances[owner];
    }

    function ownerOf(uint256 tokenId) public view returns (address) {
        address owner = owners[tokenId];
        require(owner != address(0), "ERC721: nonexistent token");
        return owner;
    }

    function tokenURI(uint256 tokenId) external view returns (string memory) {
        ownerOf(tokenId);
        return "";
    }

    function approve(address to, uint256 tokenId) external {
        address owner = ownerOf(tokenId);
        require(msg.sender == owner || operatorApprovals[owner][msg.sender], "ERC721: not owner nor operator");
        tokenApprovals[tokenId] = to;
        emit Approval(owner, to, tokenId);
    }

    function getApproved(uint256 tokenId) external view returns (address) {
        ownerOf(tokenId);
        return tokenApprovals[tokenId];
    }

    function setApprovalForAll(address operator, bool approved) external {
        operatorApprovals[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function isApprovedForAll(address owner, address operator) external view returns (bool) {
        return operatorApprovals[owner][operator];
    }

    function transferFrom(address from, address to, uint256 tokenId) public {
        address owner = ownerOf(tokenId);
        require(owner == from, "ERC721: wrong owner");
        require(to != address(0), "ERC721: zero address");
        require(
            msg.sender == owner || tokenApprovals[tokenId] == msg.sender || operatorApprovals[owner][msg.sender],
            "ERC721: not owner nor approved"
        );
        delete tokenApprovals[tokenId];
        balances[from] -= 1;
        balances[to] += 1;
        owners[tokenId] = to;
        emit Transfer(from, to, tokenId);
    }

    function safeTransferFrom(address from, address to, uint256 tokenId) external {
        safeTransferFrom(from, to, tokenId, "");
    }

    function safeTransferFrom(address from, address to, uint256 tokenId, bytes memory data) public {
        transferFrom(from, to, tokenId);
        if (to.code.length > 0) {
            bytes4 answer = IERC721Receiver(to).onERC721Received(msg.sender, from, tokenId, data);
            require(answer == IERC721Receiver.onERC721Received.selector, "ERC721: receiver refused");
        }
    }

    /// @notice Mints the next token to `to`; only the deployer may mint.
    function mint(address to) external returns (uint256 tokenId) {
        require(msg.sender == minter, "Membership: only the minter");
        require(to != address(0), "ERC721: zero address");
        tokenId = ++totalMinted;
        owners[tokenId] = to;
        balances[to] += 1;
        emit Transfer(address(0), to, tokenId);
    }

    /// @notice Burns a token; its owner or the minter may burn it.
    function burn(uint256 tokenId) external {
        address owner = ownerOf(tokenId);
        require(msg.sender == owner || msg.sender == minter, "Membership: not owner nor minter");
        delete tokenApprovals[tokenId];
        balances[owner] -= 1;
        delete owners[tokenId];
        emit Transfer(owner, address(0), tokenId);
    }
}

interface IERC721Receiver {
    function onERC721Received(address operator, address from, uint256 tokenId, bytes calldata data) external returns (bytes4);
}
